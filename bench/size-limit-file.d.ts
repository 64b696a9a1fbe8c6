// @size-limit/file ships no types; size-limit takes it as an opaque plugin object.
declare module '@size-limit/file' {
  const plugin: (...args: unknown[]) => unknown;
  export default plugin;
}
