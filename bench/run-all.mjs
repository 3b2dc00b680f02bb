// `npm run bench`: every bench script, one after the other. Prints figures; never fails on time.
await import('./bundle.mjs');
await import('./lighthouse.mjs');
await import('./http.mjs');
await import('./company-search.mjs');
await import('./applications.mjs');
await import('./dashboard.mjs');
await import('./scale-out.mjs');
await import('./uploads.mjs');
