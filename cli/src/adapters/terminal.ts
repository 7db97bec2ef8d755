/** A spinner that can be stopped (a no-op where there is no terminal). */
export interface Spinner {
  stop(): void;
}

/** The process's standard streams as the CLI uses them. */
export interface Terminal {
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  /** Writes a line to stdout. */
  out(text: string): void;
  /** Writes a line to stderr. */
  err(text: string): void;
  /** All of stdin (for piped input). */
  readStdin(): Promise<string>;
  /** Asks on the terminal without echoing what is typed; null when cancelled (Ctrl+C, Ctrl+D). */
  readHidden(prompt: string): Promise<string | null>;
  /** Shows a spinner after a short moment, only when stdout is a terminal. */
  spinner(text: string): Spinner;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
// Answers faster than this show no spinner at all, so quick commands do not flicker.
const SPINNER_DELAY_MS = 150;

/** {@link Terminal} on process.stdin, stdout and stderr. */
export class NodeTerminal implements Terminal {
  readonly stdoutIsTTY = process.stdout.isTTY === true;
  readonly stdinIsTTY = process.stdin.isTTY === true;

  constructor() {
    // `portal outbox | head -1` closes the pipe early: that is the reader's choice, not an error.
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      else throw error;
    });
  }

  out(text: string): void {
    process.stdout.write(`${text}\n`);
  }

  err(text: string): void {
    process.stderr.write(`${text}\n`);
  }

  async readStdin(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  readHidden(prompt: string): Promise<string | null> {
    const input = process.stdin;
    // Echo off before the prompt shows, so nothing typed after it can appear.
    input.setRawMode(true);
    process.stderr.write(prompt);
    input.resume();
    input.setEncoding("utf8");
    let typed = "";
    return new Promise((resolve) => {
      const finish = (value: string | null) => {
        input.setRawMode(false);
        input.pause();
        input.off("data", onData);
        process.stderr.write("\n");
        resolve(value);
      };
      const onData = (data: string) => {
        for (const char of data) {
          if (char === "\r" || char === "\n") return finish(typed);
          if (char === "\u0003" || char === "\u0004") return finish(null);
          if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
          else if (char >= " ") typed += char;
        }
      };
      input.on("data", onData);
    });
  }

  spinner(text: string): Spinner {
    if (!this.stdoutIsTTY) return { stop: () => {} };
    let frame = 0;
    let shown = false;
    const draw = () => {
      shown = true;
      process.stdout.write(`\r${FRAMES[frame++ % FRAMES.length]} ${text}…`);
    };
    let interval: NodeJS.Timeout | undefined;
    const delay = setTimeout(() => {
      draw();
      interval = setInterval(draw, 80);
    }, SPINNER_DELAY_MS);
    return {
      stop: () => {
        clearTimeout(delay);
        clearInterval(interval);
        // Erase the spinner's line so the output starts clean.
        if (shown) process.stdout.write("\r\u001b[2K");
      },
    };
  }
}
