import { API_ROUTES, apiPath, JSON_PATCH_CONTENT_TYPE } from "@portal/contracts";
import {
  freshAccount,
  type NewAccount,
  REGISTER_OPTIN_PATH,
  registerAccount,
} from "../src/support/accounts-api.js";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { Outbox } from "../src/support/outbox.js";
import { asCaller, clientAddress, Tally } from "./traffic.js";

// Each sign-in comes from a client address of its own, as from many people, like the sign-in
// bench's: one address may post the sign-in forms 60 times a minute, and on a fast machine
// (an argon2id hash of 6 ms) each of the four people signs in some 180 times a minute, so
// from one address most sign-ins were refused (429) as the limit wants. Reads and saves
// stay on the person's own address.
let signIns = 0;
const signInAddress = () => clientAddress("198.20", ++signIns);

/** A signed-in person of the mix, who saves their profile over and over. */
export interface Person {
  readonly account: NewAccount;
  /** The client address the person's requests come from (X-Forwarded-For). */
  readonly address: string;
  token: string | undefined;
  /** The given name of the last save that was answered 200. */
  acknowledgedName: string | undefined;
  /** Saves sent after it whose answer never came or was an error: they may have landed. */
  uncertainNames: string[];
  /** Operations this person finished, successful or not. */
  operations: number;
}

/** A registration of the mix and how far it got. */
export interface Registration {
  readonly email: string;
  /** `POST /persons/register` answered 2xx. */
  registered: boolean;
  /** The opt-in link was confirmed with a 2xx. */
  confirmed: boolean;
}

/** What the mix did during one phase. */
export interface PhaseCounts {
  readonly tally: Tally;
  operations: number;
  failedOperations: number;
  readonly registrations: Registration[];
  /** A read of the own person on some node that did not show the person's last save. */
  staleReads: number;
  /** First lines of the errors of failed operations (for the report). */
  readonly errors: Map<string, number>;
}

const newPhase = (): PhaseCounts => ({
  tally: new Tally(),
  operations: 0,
  failedOperations: 0,
  registrations: [],
  staleReads: 0,
  errors: new Map(),
});

// Names hold letters only (the name rules refuse digits): the n-th save's name spells n.
const nameFor = (n: number): string => {
  let letters = "";
  for (let rest = n; ; rest = Math.floor(rest / 26) - 1) {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    if (rest < 26) break;
  }
  return `Erika${letters}`;
};

let nextName = 0;
let nextRegistrationAddress = 0;

/**
 * A steady mix through the balancer: each person, one operation after the other, signs in
 * (the whole provider flow), saves the profile, reads it back (on whichever node answers),
 * saves again, and registers a newcomer who confirms the opt-in link from the outbox. The
 * counts go to the current phase; {@link Mix.switchPhase} starts a new one.
 */
/** An acknowledged write of the mix: when it was sent and when its 2xx arrived. */
export interface WriteTiming {
  readonly sentAt: number;
  readonly acknowledgedAt: number;
}

export class Mix {
  readonly #url: string;
  readonly #people: Person[];
  /** Every acknowledged save and registration, in the order the answers came. */
  readonly #writes: WriteTiming[] = [];
  #phase = newPhase();
  #running = false;
  #loops: Promise<void>[] = [];

  constructor(url: string, people: Person[]) {
    this.#url = url;
    this.#people = people;
  }

  get people(): readonly Person[] {
    return this.#people;
  }

  /** Starts every person's loop. */
  start(): void {
    this.#running = true;
    this.#loops = this.#people.map((person) => this.#loop(person));
  }

  /** Stops after the operations in flight and returns the last phase's counts. */
  async stop(): Promise<PhaseCounts> {
    this.#running = false;
    await Promise.all(this.#loops);
    return this.#phase;
  }

  /** Ends the current phase and starts counting a new one; returns the ended one. */
  switchPhase(): PhaseCounts {
    const ended = this.#phase;
    this.#phase = newPhase();
    return ended;
  }

  /** The first write sent at or after `t` (performance.now()) that was acknowledged. */
  firstWriteSentAfter(t: number): WriteTiming | undefined {
    return this.#writes.find((w) => w.sentAt >= t);
  }

  /** The last write acknowledged before `t`. */
  lastWriteBefore(t: number): WriteTiming | undefined {
    return this.#writes.findLast((w) => w.acknowledgedAt < t);
  }

  /** The fewest operations any person has finished so far. */
  fewestOperations(): number {
    return Math.min(...this.#people.map((p) => p.operations));
  }

  async #loop(person: Person): Promise<void> {
    const steps = [
      () => this.#signIn(person),
      () => this.#save(person),
      () => this.#read(person),
      () => this.#save(person),
      () => this.#registerNewcomer(),
    ];
    for (let i = 0; this.#running; i++) {
      // An operation counts in the phase it started in; each request in the phase it was sent in.
      const phase = this.#phase;
      try {
        // Without a token (the first round, or a sign-in that failed) the person signs in.
        const signsIn = !person.token || i % steps.length === 0;
        const step = signsIn ? steps[0]! : steps[i % steps.length]!;
        await asCaller(
          { address: signsIn ? signInAddress() : person.address, tally: this.#currentTally },
          step,
        );
      } catch (error) {
        phase.failedOperations++;
        const line = (error as Error).message.split("\n")[0]!.slice(0, 140);
        phase.errors.set(line, (phase.errors.get(line) ?? 0) + 1);
        // A client that just failed tries again a little later, as the web app's user would:
        // without it, a balancer answering 503 at once turns the mix into a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      phase.operations++;
      person.operations++;
    }
  }

  async #signIn(person: Person): Promise<void> {
    person.token = undefined;
    const result = await signInOverHttp(this.#url, person.account.email, person.account.password);
    person.token = result.accessToken;
  }

  async #save(person: Person): Promise<void> {
    const name = nameFor(nextName++);
    person.uncertainNames.push(name);
    const sentAt = performance.now();
    const res = await fetch(this.#url + apiPath(API_ROUTES.patchMe), {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${person.token}`,
        "content-type": JSON_PATCH_CONTENT_TYPE,
      },
      body: JSON.stringify([{ op: "replace", path: "/givenName", value: name }]),
    });
    const body = await res.text();
    if (res.status === 401) person.token = undefined;
    if (res.status !== 200) throw new Error(`save answered ${res.status}: ${body.slice(0, 100)}`);
    person.acknowledgedName = name;
    person.uncertainNames = [];
    this.#writes.push({ sentAt, acknowledgedAt: performance.now() });
  }

  async #read(person: Person): Promise<void> {
    const res = await fetch(this.#url + apiPath(API_ROUTES.getMe), {
      headers: { authorization: `Bearer ${person.token}` },
    });
    if (res.status === 401) person.token = undefined;
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`read answered ${res.status}`);
    }
    const { givenName } = (await res.json()) as { givenName: string };
    const expected = person.acknowledgedName;
    if (expected && givenName !== expected && !person.uncertainNames.includes(givenName)) {
      this.#phase.staleReads++;
    }
  }

  async #registerNewcomer(): Promise<void> {
    const account = freshAccount("cluster");
    const registration: Registration = {
      email: account.email,
      registered: false,
      confirmed: false,
    };
    this.#phase.registrations.push(registration);
    const n = nextRegistrationAddress++;
    // A newcomer comes from an address of their own (the registration budget is per client).
    const caller = { address: clientAddress("198.19", n), tally: this.#currentTally };
    await asCaller(caller, async () => {
      const sentAt = performance.now();
      await registerAccount(this.#url, account);
      registration.registered = true;
      this.#writes.push({ sentAt, acknowledgedAt: performance.now() });
      const link = await new Outbox(this.#url).nextLink(account.email, REGISTER_OPTIN_PATH);
      const res = await fetch(this.#url + apiPath(API_ROUTES.confirmMailAddress), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ confirmationToken: link.searchParams.get("optinId") }),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`confirm answered ${res.status}: ${body.slice(0, 100)}`);
      registration.confirmed = true;
    });
  }

  #currentTally = (): Tally => this.#phase.tally;
}

/** `count` people registered and confirmed through the balancer, before the faults. */
export const preparePeople = async (url: string, count: number): Promise<Person[]> => {
  const people: Person[] = [];
  const outbox = new Outbox(url);
  for (let i = 0; i < count; i++) {
    const account = freshAccount(`cluster-person${i}`);
    const address = `198.18.0.${i + 1}`;
    const tally = new Tally();
    await asCaller({ address, tally: () => tally }, async () => {
      await registerAccount(url, account);
      const link = await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
      const res = await fetch(url + apiPath(API_ROUTES.confirmMailAddress), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ confirmationToken: link.searchParams.get("optinId") }),
      });
      if (!res.ok) throw new Error(`confirming ${account.email} answered ${res.status}`);
    });
    people.push({
      account,
      address,
      token: undefined,
      acknowledgedName: undefined,
      uncertainNames: [],
      operations: 0,
    });
  }
  return people;
};
