import type { Spinner, Terminal } from "../adapters/terminal.js";

/** A {@link Terminal} that records what a run wrote and feeds it prepared input. */
export class FakeTerminal implements Terminal {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  readonly spinners: string[] = [];
  readonly prompts: string[] = [];

  constructor(
    private readonly input: { stdin?: string; typed?: string | null; tty?: boolean } = {},
  ) {}

  get stdoutIsTTY(): boolean {
    return this.input.tty === true;
  }
  get stdinIsTTY(): boolean {
    return this.input.tty === true;
  }
  out(text: string): void {
    this.stdout.push(text);
  }
  err(text: string): void {
    this.stderr.push(text);
  }
  async readStdin(): Promise<string> {
    return this.input.stdin ?? "";
  }
  async readHidden(prompt: string): Promise<string | null> {
    this.prompts.push(prompt);
    return this.input.typed ?? null;
  }
  spinner(text: string): Spinner {
    this.spinners.push(text);
    return { stop: () => {} };
  }
  /** Everything written to stdout, as one text. */
  get outText(): string {
    return this.stdout.join("\n");
  }
  /** Everything written to stderr, as one text. */
  get errText(): string {
    return this.stderr.join("\n");
  }
}
