/**
 * One frame per burst of paint inputs (the contract: both views drawn in the same animation frame),
 * and the User Timing measures the bench reads: per view the input came from, from the earliest
 * input's time stamp to the end of that frame's drawing.
 */
import { expect, test } from 'bun:test'
import { PaintFrames, type FrameClock } from './paint-frame'

function clock() {
  const frames: (() => void)[] = []
  const measures: [string, number, number][] = []
  let now = 0
  const c: FrameClock = {
    request: (run) => frames.push(run),
    cancel: () => void frames.splice(0),
    now: () => now,
    measure: (name, start, end) => void measures.push([name, start, end]),
  }
  const frame = (at: number) => {
    now = at
    const due = frames.splice(0)
    for (const run of due) run()
  }
  return { c, frame, measures, pending: () => frames.length }
}

test('many inputs before a frame draw once; each view it came from gets one measure from its earliest input', () => {
  const { c, frame, measures, pending } = clock()
  let draws = 0
  const frames = new PaintFrames(() => draws++, c)
  frames.request('2d', 10)
  frames.request('2d', 12)
  frames.request('3d', 11)
  frames.request('2d', 9)
  expect(pending()).toBe(1)
  frame(16)
  expect(draws).toBe(1)
  expect(measures.sort()).toEqual([
    ['editor:paint-2d', 9, 16],
    ['editor:paint-3d', 11, 16],
  ])
  // A change that is not an input (undo, a model switch) draws without a measure.
  frames.request()
  frame(32)
  expect(draws).toBe(2)
  expect(measures).toHaveLength(2)
})

test('flush draws a waiting frame at once; dispose drops it', () => {
  const { c, frame, measures } = clock()
  let draws = 0
  const frames = new PaintFrames(() => draws++, c)
  frames.request('2d', 5)
  frames.flush()
  expect(draws).toBe(1)
  expect(measures).toEqual([['editor:paint-2d', 5, 0]])
  frames.flush()
  expect(draws).toBe(1)
  frames.request('3d', 7)
  frames.dispose()
  frame(20)
  expect(draws).toBe(1)
})
