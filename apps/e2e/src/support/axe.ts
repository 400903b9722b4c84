import type { Frame, Page } from 'playwright-core';

/** axe-core's browser build, injected as a script tag into the document under test. */
export const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** The impacts a screen must not have (no serious or critical violation). */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

interface AxeWindow {
  axe?: {
    run(context: Document): Promise<{ violations: AxeViolation[] }>;
  };
}

/**
 * Runs axe-core on the whole document of a page or frame, once its finite animations (the pages'
 * 0.16 s slide and fade) are over, so colour contrast is measured on the final rendering.
 */
export async function axeViolations(target: Page | Frame): Promise<AxeViolation[]> {
  const loaded = await target.evaluate(() => typeof (window as AxeWindow).axe !== 'undefined');
  if (!loaded) await target.addScriptTag({ path: AXE_SCRIPT });
  return target.evaluate(async () => {
    // Spinners loop for ever: wait only for the animations that end.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished));
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error('axe-core não foi carregado');
    const result = await axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String),
        html: node.html,
        failureSummary: node.failureSummary,
      })),
    }));
  });
}

/** One line per element: route, impact, rule id, what it asks, the element and its markup. */
export function describeViolations(route: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${route} · ${violation.impact ?? '?'} · ${violation.id} (${violation.help}) · ` +
        `${node.target.join(' ')} · ${node.html.slice(0, 200)}`,
    ),
  );
}

/** The serious and critical ones among a screen's violations, described for a failure message. */
export function blockingOf(route: string, violations: AxeViolation[]): string[] {
  return describeViolations(
    route,
    violations.filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? '')),
  );
}
