declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e shop broker of ./global-setup.ts (http://127.0.0.1:port). */
    e2eShops: string;
  }
}

export {};
