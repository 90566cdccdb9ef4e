/**
 * A validation message as people read it. The spec's messages start with '❌', which needs an emoji
 * font (a blank box without one, "cross mark" read aloud with one): it is drawn as an icon instead
 * and the words are kept.
 */
export function MessageText({ message }: { message: string }) {
  const cross = message.startsWith('❌');
  if (!cross) return <>{message}</>;
  return (
    <>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
        className="mr-1 inline-block align-[-2px]"
      >
        <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" fill="none" />
      </svg>
      {message.slice('❌'.length).trim()}
    </>
  );
}
