import { useRef } from 'react';
import type { PortfolioContent } from '../portfolio-content';

/** 'Education Qualification' opens a native <dialog>: focus moves in, Escape closes, focus returns. */
export function EducationModal({ rows }: { rows: PortfolioContent['education'] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => dialog.current?.showModal()}>
        Education Qualification
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby="education-title">
        <div className="modal-box max-w-3xl">
          <h2 id="education-title" className="mb-4 text-xl font-bold">
            Education Qualification
          </h2>
          <div className="overflow-x-auto">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Academic qualification</th>
                  <th scope="col">Name of Institute</th>
                  <th scope="col">Group</th>
                  <th scope="col">Result</th>
                  <th scope="col">Year</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.qualification}>
                    <td>{r.qualification}</td>
                    <td>{r.institute}</td>
                    <td>{r.group}</td>
                    <td>{r.result}</td>
                    <td>{r.year}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn">
                Close
              </button>
            </form>
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" aria-label="Close" tabIndex={-1}>
            close
          </button>
        </form>
      </dialog>
    </>
  );
}
