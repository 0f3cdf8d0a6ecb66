/**
 * WebGL probe, run before the three.js chunk is fetched: a browser without WebGL (or with it blocked)
 * keeps the 2D render and never downloads the 3D viewer (the no-WebGL view).
 * @module
 */

/** True when this browser can create a WebGL context (software rendering counts). */
export function webglAvailable(): boolean {
  try {
    const probe = document.createElement('canvas')
    const gl = probe.getContext('webgl2') ?? probe.getContext('webgl')
    // Frees the probe's context at once: browsers cap the number of live WebGL contexts.
    gl?.getExtension('WEBGL_lose_context')?.loseContext()
    return gl !== null
  } catch {
    return false
  }
}
