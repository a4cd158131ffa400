/**
 * Test flags (doc1 §4): query parameters starting with `test_` switch features on for a visit;
 * 'true'/'false' become booleans, any other text stays a string. The station can also enable flags
 * for everyone through `appParameters.enabledTests` (each one → `true`); a query flag wins over it,
 * so a tester can switch a station-wide flag off with `?test_x=false`.
 *
 * The query flags are read once, when the app starts. End-to-end tests read the merged flags on
 * `window.__ondaTestFlags` (a frozen copy).
 */
import { useEffect, useMemo } from 'react';
import { TEST_PARAM_PREFIX } from './constants';
import { useAppParameters } from './app-parameters';

export type TestFlagValue = boolean | string;
export type TestFlags = Readonly<Record<string, TestFlagValue>>;

declare global {
  interface Window {
    __ondaTestFlags?: TestFlags;
  }
}

/** `?test_alpha=true&test_beta=false&test_gamma=x` → `{alpha: true, beta: false, gamma: 'x'}`. */
export function parseTestFlags(search: string): Record<string, TestFlagValue> {
  const flags: Record<string, TestFlagValue> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith(TEST_PARAM_PREFIX)) continue;
    const name = key.slice(TEST_PARAM_PREFIX.length);
    if (!name) continue;
    flags[name] = value === 'true' ? true : value === 'false' ? false : value;
  }
  return flags;
}

/** The station's enabled tests (each `true`) overlaid with the query flags. */
export function mergeTestFlags(
  queryFlags: Readonly<Record<string, TestFlagValue>>,
  enabledTests: readonly string[] = [],
): TestFlags {
  const merged: Record<string, TestFlagValue> = {};
  for (const name of enabledTests) merged[name] = true;
  return Object.freeze({ ...merged, ...queryFlags });
}

let startupFlags: Readonly<Record<string, TestFlagValue>> = Object.freeze({});

/** Reads the query flags of the page the app started on (called once from boot.tsx). */
export function initTestFlags(search: string): void {
  startupFlags = Object.freeze(parseTestFlags(search));
  publishTestFlags(mergeTestFlags(startupFlags));
}

export function getStartupTestFlags(): Readonly<Record<string, TestFlagValue>> {
  return startupFlags;
}

/** Exposes a read-only copy for end-to-end tests. */
export function publishTestFlags(flags: TestFlags): void {
  Object.defineProperty(window, '__ondaTestFlags', {
    value: Object.freeze({ ...flags }),
    writable: false,
    configurable: true,
    enumerable: false,
  });
}

/** The active test flags: startup query flags merged with the station's enabled tests. */
export function useTestFlags(): TestFlags {
  const { data } = useAppParameters();
  const enabledTests = data?.enabledTests;
  return useMemo(() => mergeTestFlags(startupFlags, enabledTests), [enabledTests]);
}

/** Keeps `window.__ondaTestFlags` in step with {@link useTestFlags}; mounted once by the layout. */
export function usePublishTestFlags(): void {
  const flags = useTestFlags();
  useEffect(() => publishTestFlags(flags), [flags]);
}
