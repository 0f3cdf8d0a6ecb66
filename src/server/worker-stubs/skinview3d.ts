/**
 * What the Worker bundle gets for `skinview3d` (wrangler.toml `[alias]`): the 3D viewer only ever runs
 * in the browser, after the page is interactive, so server rendering never reaches it — and three.js
 * would add about a megabyte to the Worker for nothing.
 * @module
 */
const browserOnly = () => {
  throw new Error('skinview3d runs in the browser only')
}

/** Never constructed on the server. */
export class SkinViewer {
  constructor() {
    browserOnly()
  }
}

/** Never constructed on the server. */
export class WalkingAnimation {
  constructor() {
    browserOnly()
  }
}

/** Never constructed on the server (the skin editor's wave pose). */
export class WaveAnimation {
  constructor() {
    browserOnly()
  }
}
