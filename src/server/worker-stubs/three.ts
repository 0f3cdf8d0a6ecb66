/**
 * What the Worker bundle gets for `three` (wrangler.toml `[alias]`): the skin editor's 3D view imports
 * three.js directly, and like the skinview3d viewer (./skinview3d.ts) it runs only in the browser, in a
 * chunk the island loads on demand — server rendering never reaches it, and three.js would add about a
 * megabyte to the Worker for nothing. Only the names the editor imports are here.
 * @module
 */
const browserOnly = (): never => {
  throw new Error('three.js runs in the browser only')
}

/** Never constructed on the server. */
class BrowserOnly {
  constructor() {
    browserOnly()
  }
}

export class CanvasTexture extends BrowserOnly {}
export class Plane extends BrowserOnly {}
export class Raycaster extends BrowserOnly {}
export class Spherical extends BrowserOnly {}
export class Vector2 extends BrowserOnly {}
export class Vector3 extends BrowserOnly {}
/** three.js's constant for nearest-texel filtering (its value there). */
export const NearestFilter = 1003
