/**
 * Types of the `cloudflare:workers` module for the one root tsconfig (reference/stack.md §6.4): the
 * global workers-types clash with DOM and bun-types, so the module is declared here from the
 * importable types. Only Worker entries and the Durable Object classes import it at run time; Bun
 * never loads those files.
 */
declare module 'cloudflare:workers' {
  import type { CloudflareWorkersModule } from '@cloudflare/workers-types'
  export const DurableObject: typeof CloudflareWorkersModule.DurableObject
  export type DurableObject<Env = unknown> = CloudflareWorkersModule.DurableObject<Env>
}

/**
 * A `.wasm` import in a Worker bundle: wrangler hands it over compiled (its default CompiledWasm rule),
 * since a Worker may not compile WebAssembly from bytes at run time. Only Worker entries import one.
 */
declare module '*.wasm' {
  const compiled: WebAssembly.Module
  export default compiled
}
