import { createContext, useContext } from 'react';

/** The CSP nonce of the response being rendered; empty in the browser. */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
