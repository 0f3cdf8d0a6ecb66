/**
 * Binds the keyboard map (`shortcuts.ts`) to the editor while it is on the page: keys typed into a
 * field, pressed while a dialog is open (except in the editor's own help) or with a modifier the map
 * does not use are left to the browser.
 * @module
 */
import { useEffect, useRef } from 'react'
import { actionFor, isTyping, type EditorAction } from './shortcuts'
import type { Tool } from './tools'

/** What each action does. */
export interface ShortcutHandlers {
  tool(tool: Tool): void
  undo(): void
  redo(): void
  mirror(): void
  swapLayer(): void
  size(by: 1 | -1): void
  fillMode(): void
  zoom(by: 1 | -1): void
  fit(): void
  swapView(): void
  pose(): void
  download(): void
  help(): void
}

/** Runs `action` with `handlers`. */
export function runAction(action: EditorAction, handlers: ShortcutHandlers): void {
  switch (action.type) {
    case 'tool':
      return handlers.tool(action.tool)
    case 'size':
      return handlers.size(action.by)
    case 'zoom':
      return handlers.zoom(action.by)
    default:
      return handlers[action.type]()
  }
}

/** Listens for the editor's keys on the document. */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return
      // A modal dialog (the drawer's, another island's) owns the keyboard.
      if (document.querySelector('dialog[open]')) return
      const action = actionFor(event)
      if (!action) return
      // Arrow and zoom keys on the 3D canvas are its own (turn, tilt, zoom the model).
      if (action.type === 'zoom' && (event.target as Element | null)?.closest?.('.editor-3d__canvas')) return
      event.preventDefault()
      runAction(action, latest.current)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
