/**
 * Browser-side island registry: one lazy chunk per island (reference/stack.md §1.5). Type-checked
 * against the server registry so a missing entry fails the build; a unit test compares the keys too.
 * @module
 */
import type { ComponentType } from 'react'
import type { IslandName } from './registry'

/** Island name → loader of its chunk. */
export const lazyIslands = {
  'search-field': () => import('./search-field'),
  'jobs-button': () => import('./jobs-button'),
  'notification-bell': () => import('./notification-bell'),
  'app-drawer': () => import('./app-drawer'),
  'account-button': () => import('./account-button'),
  'snackbar-host': () => import('./snackbar-host'),
  'generate-form': () => import('./generate-form'),
  'gallery-scroll': () => import('./gallery-scroll'),
  'copy-buttons': () => import('./copy-buttons'),
  'skin-community': () => import('./skin-community'),
  'skin-owner': () => import('./skin-owner'),
  'skin-viewer': () => import('./skin-viewer'),
  'my-skins': () => import('./my-skins'),
  'export-form': () => import('./export-form'),
  'skin-editor': () => import('./skin-editor'),
} satisfies Record<IslandName, () => Promise<{ default: ComponentType<never> }>>
