/**
 * Starts the job watcher (`job-watch.ts`) once there is something to watch: jobs in the queue, a
 * signed-in visitor (whose jobs come from the server), or the first job added. A first visit with an
 * empty queue loads none of the polling code (DESIGN.md §4: JavaScript before interaction).
 * @module
 */
import type { I18nValue } from '../shared/i18n/context'
import { $auth } from '../shared/stores/auth'
import { $queue } from '../shared/stores/queue'

/** Watches the queue from now on, loading the watcher when it is first needed. */
export function bootJobWatch(i18n: I18nValue): void {
  let started = false
  const unsubscribe: (() => void)[] = []
  const start = () => {
    if (started) return
    started = true
    for (const stop of unsubscribe) stop()
    void import('./job-watch').then(({ startJobWatch }) => startJobWatch(i18n))
  }
  if (Object.keys($queue.get()).length > 0 || $auth.get().status === 'signed-in') return start()
  unsubscribe.push(
    $queue.listen((entries) => Object.keys(entries).length > 0 && start()),
    $auth.listen((state) => state.status === 'signed-in' && start()),
  )
}
