// useNonce for components the browser also renders (logout-broadcast.tsx): only the server's render
// needs the CSP nonce (the browser's is always ""), so they reach it through this *.server module and
// the browser bundle leaves utils/nonce.tsx to the root alone (issue 12: its own chunk cost every
// page a file). In the browser the import is undefined: call `useNonce ?? noNonce`.
export { useNonce } from "./nonce";
