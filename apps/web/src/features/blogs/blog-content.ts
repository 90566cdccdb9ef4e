/** The six questions of the blogs page, with our own answers. Edit here, not in components. */
export const BLOG_POSTS: { question: string; answer: string[] }[] = [
  {
    question: 'How will you improve the performance of a React application?',
    answer: [
      'Measure first: the React DevTools profiler and the browser performance panel show which components render too often and what blocks the main thread.',
      'Ship less JavaScript: split routes with lazy loading, import heavy libraries (charts, editors) only where they are used, and check the bundle size on every build.',
      'Render less: keep state close to where it is used, memoise expensive calculations with useMemo, keep props stable with useCallback where a child is memoised, and virtualise long lists.',
      'Fetch smarter: cache server data with a library such as TanStack Query, prefetch what the user will need next, and show skeletons instead of blocking the page.',
    ],
  },
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state with useState or useReducer for what one component owns, such as an open menu or a form field.',
      'Lifting state up to the nearest common parent, or sharing it with Context, for values many components read, such as the theme or the signed-in user.',
      'Server state (data that lives on the server) belongs in a cache library such as TanStack Query or SWR, which handles loading, errors, refetching and invalidation.',
      'URL state (search text, page number, filters) in the query string, so links and the back button work. Global client stores such as Redux Toolkit or Zustand fit large apps with much shared client-side state.',
    ],
  },
  {
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have, the engine looks it up on the prototype, then on the prototype’s prototype, until the chain ends at null.',
      'Object.create(proto) makes an object whose prototype is proto; functions called with new link the new object to Function.prototype; class syntax is a clearer way to write the same prototype chains.',
      'Methods defined once on the prototype are shared by every instance, which saves memory, while each instance keeps its own data properties.',
    ],
  },
  {
    question: 'Why should you write unit tests?',
    answer: [
      'Unit tests check small pieces of logic (a price calculation, a validation rule) quickly and precisely, so a mistake is caught minutes after it is written instead of by a customer.',
      'They make change safe: you can refactor or upgrade a library and know at once whether behaviour changed.',
      'They document intent: a well-named test shows how a function is meant to be used and which edge cases matter. Combined with integration and end-to-end tests, they give confidence to release often.',
    ],
  },
  {
    question: 'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
    answer: [
      'On the client, for a small list: const results = products.filter((p) => p.name.toLowerCase().includes(query.trim().toLowerCase())); debounce the input so typing stays smooth.',
      'For a real catalogue, search on the server: send the query as ?q= to the API, which searches an indexed column case-insensitively and returns one page of results with the total count. That is what our /products page does.',
      'Escape the characters the database treats specially (such as % and _ in SQL LIKE), limit the query length, and show a clear “no results” state.',
    ],
  },
  {
    question: 'What is a unit test? Why should we not set the state directly in React? (e.g. products = [...])',
    answer: [
      'Assigning to a state variable changes a local copy only: React does not know it changed, so it does not re-render, and the next render overwrites your change with the stored value.',
      'Calling the setter (setProducts([...products, item])) tells React to schedule a render with the new value. Because React compares references, always create a new array or object instead of mutating the old one.',
      'Treating state as immutable also keeps features such as concurrent rendering, memoisation and time-travel debugging working correctly.',
    ],
  },
];
