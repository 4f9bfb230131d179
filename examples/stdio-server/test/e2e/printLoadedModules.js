// Preloaded (node -r) into the stdio example by loadedModules.test.ts: when the process exits, one
// line on stderr lists every module it loaded from @toolwire/core.
process.on('exit', () => {
  const core = Object.keys(require.cache).filter((file) => /[\\/]packages[\\/]core[\\/]dist[\\/]/.test(file));
  process.stderr.write(`LOADED ${JSON.stringify(core)}\n`);
});
