/**
 * The global loading bar (SPEC §2 "Other"): pages are full documents, so the bar shows from the moment
 * a same-site link is followed or a form submitted until the next page replaces this one.
 * @module
 */

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** Starts listening; `bar` is the `#loading-bar` element of the layout. */
export function startLoadingBar(bar: HTMLElement): void {
  const show = () => bar.setAttribute('data-active', '')
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !isPlainClick(event)) return
    const link = (event.target as Element | null)?.closest?.('a[href]')
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return
    const url = new URL(link.href)
    const samePage = url.pathname === location.pathname && url.search === location.search
    if (url.origin !== location.origin || samePage) return
    show()
  })
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) show()
  })
  // Back/forward cache restores this page with the bar still on.
  window.addEventListener('pageshow', () => bar.removeAttribute('data-active'))
}
