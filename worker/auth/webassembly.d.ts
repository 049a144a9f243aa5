// The few WebAssembly types the Worker's code names (its tsconfig has no DOM library), and the
// `.wasm` imports wrangler bundles as compiled modules.
declare namespace WebAssembly {
  interface Module {
    readonly __compiledModule?: never;
  }
  interface Instance {
    readonly exports: unknown;
  }
  const Module: { new (bytes: Uint8Array): Module };
  function instantiate(module: Module): Promise<Instance>;
}

declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
