import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app is served by the API on the same origin in production, so every call
// goes to a relative `/api/...` address. In development Vite forwards those calls
// (and the `/api/live` websocket) to the API on port 8080.
//
// The proxy key is a regular expression on purpose: a plain '/api' prefix would also
// swallow the app's own `/api-keys` route.
const apiProxy = {
  '^/api(/|$)': { target: 'http://localhost:8080', ws: true },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework every screen needs, as one chunk: left to itself the bundler splits
        // it by which lazy screens share which parts, and each extra chunk costs the first load.
        advancedChunks: { groups: [{ name: 'framework', test: /node_modules[\\/]\.pnpm[\\/](react|react-dom|react-router|scheduler|zustand)@/ }] },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
