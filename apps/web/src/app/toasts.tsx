import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@bulkparts/shared/constants';

/** Loaded after the first render: toasts are never needed to paint a page. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover pauseOnFocusLoss draggable />;
}
