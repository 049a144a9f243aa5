/** One JSON object per line: easy to read in `wrangler tail` and in any log collector. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = Record<Exclude<LogLevel, "silent">, (msg: string, fields?: object) => void>;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function createLogger(level: LogLevel): Logger {
  const write = (lvl: Exclude<LogLevel, "silent">) => (msg: string, fields?: object) => {
    if (rank[lvl] < rank[level]) return;
    const line = JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields });
    if (lvl === "error") console.error(line);
    else console.log(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
