/**
 * The contract suite against a deployment over HTTP with the same expectations everywhere (the API
 * Worker alone, the Workers stack through the web Worker's `/api`): a valid document, every answer as
 * documented, every operation called with a success and an error case.
 * @module
 */
import { expect } from 'bun:test'
import { httpTarget, type HttpTargetOptions } from './http-target'
import { createAnswerChecker, validateDocument } from './openapi-validator'
import { runContract } from './run-contract'

/** Runs the contract against `opts.origin` and fails the test with each problem found. */
export async function expectContractHolds(opts: HttpTargetOptions): Promise<void> {
  const result = await runContract(httpTarget(opts), { validateDocument, createAnswerChecker })
  expect(result.documentProblems).toEqual([])
  const bad = result.calls.filter((c) => c.problems.length > 0).map((c) => `${c.method.toUpperCase()} ${c.path} → ${c.status}: ${c.problems.join('; ')}`)
  expect(bad).toEqual([])
  expect(result.missing).toEqual([])
  expect(result.calls.length).toBeGreaterThan(80)
}
