/**
 * Reads a password without it ever being a command-line argument: from a hidden terminal prompt,
 * or, when stdin is not a terminal (a pipe or a file), from its first line.
 */
import { stdin, stdout } from 'node:process';

/** The first line of piped stdin, without its line ending. */
async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks for a line on the terminal without echoing it. */
function hiddenPrompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdout.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** A new password: typed twice on a terminal, or the first line of piped stdin. */
export async function readNewPassword(): Promise<string> {
  if (!stdin.isTTY) return firstLine();
  const first = await hiddenPrompt('Password: ');
  const second = await hiddenPrompt('Repeat password: ');
  if (first !== second) throw new Error('The two passwords differ');
  return first;
}
