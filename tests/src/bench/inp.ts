import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium.js";
import { startPortal } from "../support/portal-server.js";
import { median } from "./stats.js";

// Issue 32 wants INP reported for the public pages; a Lighthouse navigation has no input, so
// this bench gives the pages what a visitor does first and reads the browser's Event Timing.

/** One Event Timing entry as the page hands it over (its target already described). */
export interface EventEntry {
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
  /** 0 for events that are no interaction (pointerover, mouseout, ...). */
  readonly interactionId: number;
  readonly target: string;
}

/** One interaction: its events grouped by interaction id, as web-vitals groups them. */
export interface Interaction {
  readonly id: number;
  readonly startTime: number;
  /** The longest of its events (input delay + processing + until the next paint). */
  readonly durationMs: number;
  /** The longest event's type (keydown, pointerup, click, ...) and target. */
  readonly type: string;
  readonly target: string;
}

/** Groups the entries into interactions, in the order they began. */
export const groupInteractions = (entries: readonly EventEntry[]): Interaction[] => {
  const byId = new Map<number, Interaction>();
  for (const e of entries) {
    if (e.interactionId <= 0) continue;
    const seen = byId.get(e.interactionId);
    const startTime = Math.min(seen?.startTime ?? e.startTime, e.startTime);
    const longer = !seen || e.duration > seen.durationMs;
    byId.set(e.interactionId, {
      id: e.interactionId,
      startTime,
      durationMs: longer ? e.duration : seen.durationMs,
      type: longer ? e.name : seen.type,
      // A target removed before the entry was read describes as "", another event may know it.
      target: (longer && e.target) || seen?.target || e.target,
    });
  }
  return [...byId.values()].sort((a, b) => a.startTime - b.startTime);
};

/**
 * INP as web-vitals computes it: the longest interaction, but with 50 or more interactions
 * one of the longest is left out per 50 (a high percentile). `count` is how many
 * interactions the page had in all (the browser's interactionCount when it has one: the
 * observer only sees those of 16 ms and more). Undefined without interactions.
 */
export const inpOf = (
  interactions: readonly Interaction[],
  count = interactions.length,
): Interaction | undefined => {
  const longest = [...interactions].sort((a, b) => b.durationMs - a.durationMs);
  return longest[Math.min(longest.length - 1, Math.floor(count / 50))];
};

/** A Long Tasks API entry. */
export interface LongTask {
  readonly startTime: number;
  readonly duration: number;
}

/**
 * Blocking time as Lighthouse's TBT counts it, each task's part beyond 50 ms, here over the
 * whole run; with `from`, only the blocking after that moment (a task under way then counts
 * with what is left of its blocking part).
 */
export const blockingMs = (tasks: readonly LongTask[], from = Number.NEGATIVE_INFINITY): number =>
  tasks.reduce(
    (sum, t) => sum + Math.max(0, t.startTime + t.duration - Math.max(t.startTime + 50, from)),
    0,
  );

/** What the page's observers collected (see observeInPage). */
interface Collected {
  readonly events: EventEntry[];
  readonly longTasks: LongTask[];
  /** When body[data-page-ready] turned true (performance.now()), if it did. */
  readyAt: number | undefined;
  /** When the first input began (the first-input entry, whatever its duration). */
  firstInputAt: number | undefined;
  /** Hands the observers' pending entries over now (they come after a paint otherwise). */
  readonly flush: () => void;
}

type InpWindow = Window & { __inp: Collected };

/**
 * Runs in the page before its first script (addInitScript): Event Timing entries of 16 ms
 * and more, long tasks and the moment the page says it is ready. Self-contained: Playwright
 * sends its source text.
 */
const observeInPage = () => {
  const w = window as unknown as InpWindow;
  // The target as "tag[data-qa=...]" (the app's stable names), else its tag and id.
  const nameOf = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : "";
    const qa = node.getAttribute("data-qa");
    const tag = node.tagName.toLowerCase();
    return qa ? `${tag}[data-qa=${qa}]` : node.id ? `${tag}#${node.id}` : tag;
  };
  const events: EventEntry[] = [];
  const longTasks: LongTask[] = [];
  const onEvents = (list: PerformanceEntry[]) => {
    for (const e of list as Array<PerformanceEntry & { interactionId?: number; target?: Node }>)
      events.push({
        name: e.name,
        startTime: e.startTime,
        duration: e.duration,
        interactionId: e.interactionId ?? 0,
        target: nameOf(e.target),
      });
  };
  const onLongTasks = (list: PerformanceEntry[]) => {
    for (const t of list) longTasks.push({ startTime: t.startTime, duration: t.duration });
  };
  const eventObserver = new PerformanceObserver((list) => onEvents(list.getEntries()));
  eventObserver.observe({
    type: "event",
    durationThreshold: 16,
    buffered: true,
  } as PerformanceObserverInit);
  const taskObserver = new PerformanceObserver((list) => onLongTasks(list.getEntries()));
  taskObserver.observe({ type: "longtask", buffered: true });
  const collected: Collected = {
    events,
    longTasks,
    readyAt: undefined,
    firstInputAt: undefined,
    flush: () => {
      onEvents(eventObserver.takeRecords());
      onLongTasks(taskObserver.takeRecords());
    },
  };
  w.__inp = collected;
  new PerformanceObserver((list) => {
    collected.firstInputAt ??= list.getEntries()[0]?.startTime;
  }).observe({ type: "first-input", buffered: true });
  new MutationObserver(() => {
    if (collected.readyAt === undefined && document.body?.dataset.pageReady === "true")
      collected.readyAt = performance.now();
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-page-ready"],
  });
};

// tsx (the bench's runner) keeps function names by wrapping them in its helper `__name`,
// which the page has not: the page gets an identity of that name before the source.
const IN_PAGE_SOURCE = `var __name = (f) => f; (${observeInPage.toString()})();`;

/** Lighthouse's mobile defaults: a Moto G Power's screen, and its CPU as 4x slower. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const CPU_SLOWDOWN = 4;

/** Typing cadence: a quick thumb, about 8 characters a second. */
const KEY_DELAY_MS = 120;

export type InpRunKind = "at once" | "after ready";

export interface InpRun {
  readonly inp: Interaction | undefined;
  /** Interactions the observer saw (16 ms and more), and the browser's count of all. */
  readonly observed: number;
  readonly interactionCount: number | undefined;
  readonly blockingMs: number;
  readonly blockingAfterFirstInputMs: number;
  /** Since navigation start: when the visitor's first tap began, when the page was ready. */
  readonly firstInputAtMs: number | undefined;
  readonly readyAtMs: number | undefined;
}

export interface InpFigures {
  readonly page: string;
  readonly run: InpRunKind;
  /** Medians over the runs; the slowest interaction is the median run's. */
  readonly inpMs: number;
  readonly slowest: string;
  readonly interactions: number;
  readonly blockingMs: number;
  readonly blockingAfterFirstInputMs: number;
  readonly firstInputAtMs: number;
  readonly readyAtMs: number;
  readonly runs: ReadonlyArray<InpRun>;
}

/** What a visitor does first: the first text field, ~12 characters, Tab, a box, the language. */
const visit = async (page: Page): Promise<void> => {
  const field = page.locator("form input:is([type=text], [type=email], [type=password])").first();
  const email = (await field.getAttribute("type")) === "email";
  await field.tap();
  await page.keyboard.type(email ? "erika@bsp.de" : "Erika Muster", { delay: KEY_DELAY_MS });
  await page.keyboard.press("Tab");
  const box = page.locator("form input[type=checkbox]").first();
  if ((await box.count()) > 0) await box.tap();
  await page.locator("[data-qa=language-switcher]").tap();
};

const runOnce = async (context: BrowserContext, url: string, kind: InpRunKind): Promise<InpRun> => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.addInitScript({ content: IN_PAGE_SOURCE });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const ready = page.locator("body[data-page-ready=true]");
  if (kind === "after ready") await ready.waitFor({ state: "attached" });
  await visit(page);
  // Both kinds end ready and painted: an interaction's entry comes after its next paint.
  await ready.waitFor({ state: "attached" });
  const collected = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const c = (window as unknown as InpWindow).__inp;
    c.flush();
    const count = (performance as Performance & { interactionCount?: number }).interactionCount;
    return { ...c, flush: undefined, count };
  });
  await page.close();
  const interactions = groupInteractions(collected.events);
  const count = collected.count ?? interactions.length;
  return {
    inp: inpOf(interactions, count),
    observed: interactions.length,
    interactionCount: collected.count,
    blockingMs: blockingMs(collected.longTasks),
    blockingAfterFirstInputMs: blockingMs(collected.longTasks, collected.firstInputAt),
    firstInputAtMs: collected.firstInputAt,
    readyAtMs: collected.readyAt,
  };
};

/** The median of the runs that have the figure (NaN when none has). */
const medianOfKnown = (values: ReadonlyArray<number | undefined>): number =>
  median(values.filter((v): v is number => v !== undefined));

export const INP_PAGES = [
  "/benutzerverwaltung/registrieren",
  "/benutzerverwaltung/passwort-vergessen",
] as const;

/** INP's "good" threshold (web.dev). */
export const INP_AIM_MS = 200;

/**
 * Each public page, each kind, `runs` times in a fresh context (no cookies: German, a
 * visitor), on Debian's Chromium with Lighthouse's mobile screen and CPU slowdown.
 */
export const measureInp = async (runs: number): Promise<InpFigures[]> => {
  const portal = await startPortal({ companySeedCount: 1_000 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const figures: InpFigures[] = [];
  try {
    for (const path of INP_PAGES) {
      for (const kind of ["at once", "after ready"] as const) {
        const samples: InpRun[] = [];
        for (let i = 0; i < runs; i++) {
          const context = await browser.newContext(MOBILE);
          try {
            samples.push(await runOnce(context, portal.url + path, kind));
          } finally {
            await context.close();
          }
        }
        const inps = samples.map((s) => s.inp?.durationMs ?? 0);
        const inpMs = median(inps);
        const middle = samples[inps.indexOf(inpMs)]?.inp;
        figures.push({
          page: path.replace("/benutzerverwaltung", ""),
          run: kind,
          inpMs,
          slowest: middle ? `${middle.type} on ${middle.target}` : "(none >= 16 ms)",
          interactions: median(samples.map((s) => s.interactionCount ?? s.observed)),
          blockingMs: median(samples.map((s) => s.blockingMs)),
          blockingAfterFirstInputMs: median(samples.map((s) => s.blockingAfterFirstInputMs)),
          firstInputAtMs: medianOfKnown(samples.map((s) => s.firstInputAtMs)),
          readyAtMs: medianOfKnown(samples.map((s) => s.readyAtMs)),
          runs: samples,
        });
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await portal.stop();
  }
  return figures;
};
