#!/usr/bin/env node
/**
 * The GitHub Action's one step (action.yml calls it; test/action/run.test.ts runs it with fake
 * inputs). It runs the code of the action's own checkout, so `uses: ...@<ref>` runs that ref,
 * before a release too:
 *
 * 1. install: `npm ci` in the action's folder (its `prepare` builds dist/) unless dist/ is there.
 *    A failure here is exit 2 with an error that says no file was analysed, never "findings";
 * 2. run `mcp-errors --format sarif` from the workspace, with `path` and `args` split as a shell
 *    splits words (quotes removed, every line of a multi-line input kept);
 * 3. print each finding as a workflow command (`::error file=...,line=...::message`), which
 *    GitHub shows as an annotation on the pull request, or as a plain log line with
 *    `annotations: false`; text from the audited code is escaped (src/cli/formats/safe-text.ts);
 * 4. write the outputs: `exit-code`, `category`, and `sarif-file` only when the SARIF upload is
 *    on (the report is then written where `sarif-file` says; otherwise to a temporary file).
 *
 * Inputs come as MCP_ERRORS_* variables (action.yml maps them), never pasted into a script.
 * Exit code: the CLI's (0 clean, 1 findings, 2 usage or internal error), 2 when it could not run.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Words as a POSIX shell splits them (no expansion): blanks and line breaks separate words,
 * '...' is literal, "..." keeps `\"`, `\\`, `\$` and `` \` `` escapes, a backslash outside
 * quotes escapes the next character. Throws on an unterminated quote.
 * @param {string} text
 * @returns {string[]}
 */
export function splitWords(text) {
  const words = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (/\s/u.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === "\\" && i + 1 < text.length) {
      const next = text[++i];
      if (next !== "\n") word += next;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${text}`);
      word += text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && '"\\$`\n'.includes(text[j + 1] ?? "")) j++;
        word += text[j];
      }
      if (j >= text.length) throw new Error(`unterminated " in: ${text}`);
      i = j;
    } else {
      word += char;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A workflow command property value: `%`, line breaks, `:` and `,` percent-encoded. */
export const commandProperty = (value) => commandData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");
/** A workflow command's message: `%` and line breaks percent-encoded. */
export const commandData = (value) => String(value).replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");

const LEVELS = { error: "error", warning: "warning", note: "notice", none: "notice" };

/** The file of a SARIF location, relative to the workspace when it is inside it. */
function fileOf(location, workspace) {
  const uri = location?.artifactLocation?.uri;
  if (typeof uri !== "string") return undefined;
  if (uri.startsWith("file:")) return path.relative(workspace, fileURLToPath(uri)).split(path.sep).join("/");
  return uri.split("/").map(decodeURIComponent).join("/");
}

/**
 * The lines to print for a SARIF log: one workflow command per result (an annotation), or one
 * plain line per result. `safe` is safeText() of src/cli/formats/safe-text.ts.
 */
export function reportLines(log, { annotations, workspace, safe }) {
  const lines = [];
  for (const run of log.runs ?? []) {
    for (const result of run.results ?? []) {
      const physical = result.locations?.[0]?.physicalLocation;
      const file = fileOf(physical, workspace);
      const region = physical?.region ?? {};
      const message = safe(`${result.message?.text ?? ""} (${result.ruleId ?? "mcp-errors"})`);
      if (!annotations) {
        lines.push(safe(`${file ?? "?"}:${region.startLine ?? 1}:${region.startColumn ?? 1}  ${result.level ?? "warning"}  `) + message);
        continue;
      }
      const properties = [
        file === undefined ? undefined : `file=${commandProperty(safe(file))}`,
        region.startLine === undefined ? undefined : `line=${region.startLine}`,
        region.startColumn === undefined ? undefined : `col=${region.startColumn}`,
        region.endLine === undefined ? undefined : `endLine=${region.endLine}`,
        region.endColumn === undefined ? undefined : `endColumn=${region.endColumn}`,
        `title=${commandProperty(safe(result.ruleId ?? "mcp-errors"))}`,
      ].filter(Boolean);
      lines.push(`::${LEVELS[result.level] ?? "warning"} ${properties.join(",")}::${commandData(message)}`);
    }
  }
  return lines;
}

function output(name, value) {
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

/** Ends the step without a run: exit 2, and an error that says this is no finding. */
function cannotRun(reason) {
  console.log(`::error title=mcp-errors::${commandData(`${reason} No file was analysed: this is not a finding (exit 2).`)}`);
  output("exit-code", 2);
  process.exit(2);
}

/** Installs and builds the action's checkout when its dist/ is missing; the bin's path. */
function install(actionPath) {
  const bin = path.join(actionPath, "dist/cli/bin.js");
  if (existsSync(bin)) return bin;
  console.log("::group::Install mcp-errors from the action's checkout");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: actionPath, stdio: ["ignore", "inherit", "inherit"] });
  console.log("::endgroup::");
  if (result.status !== 0 || !existsSync(bin)) {
    cannotRun(
      `The action could not install mcp-errors from its checkout (npm ci exited ${result.status ?? result.signal}): the npm registry may be unreachable.`,
    );
  }
  return bin;
}

async function main() {
  const env = process.env;
  const actionPath = env.GITHUB_ACTION_PATH || path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  let paths;
  let args;
  try {
    paths = splitWords(env.MCP_ERRORS_PATH ?? "");
    args = splitWords(env.MCP_ERRORS_ARGS ?? "");
  } catch (error) {
    cannotRun(`The path or args input cannot be read: ${error.message}.`);
  }
  if (paths.length === 0) paths = ["."];
  const upload = env.MCP_ERRORS_UPLOAD_SARIF === "true";
  const annotations = env.MCP_ERRORS_ANNOTATIONS !== "false";
  const category = env.MCP_ERRORS_CATEGORY || ["mcp-errors", env.GITHUB_JOB || "job", ...(paths.join(",") === "." ? [] : [paths.join(",")])].join("/");
  output("category", category);

  const bin = install(actionPath);
  const { safeText } = await import(pathToFileURL(path.join(actionPath, "dist/cli/formats/safe-text.js")).href);
  const sarif = upload
    ? path.resolve(workspace, env.MCP_ERRORS_SARIF_FILE || "mcp-errors.sarif")
    : path.join(mkdtempSync(path.join(env.RUNNER_TEMP || tmpdir(), "mcp-errors-")), "mcp-errors.sarif");
  const config = env.MCP_ERRORS_CONFIG || "recommended";
  // From the workspace, so that the report's paths are relative to the repository root.
  const result = spawnSync(process.execPath, [bin, "--format", "sarif", "--output", sarif, "--config", config, ...args, "--", ...paths], {
    cwd: workspace,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = result.status ?? 2;
  output("exit-code", code);
  if (upload && existsSync(sarif)) output("sarif-file", path.relative(workspace, sarif) || sarif);

  if (existsSync(sarif)) {
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    for (const line of reportLines(log, { annotations, workspace, safe: safeText })) console.log(line);
  }
  if (code === 1) console.log("mcp-errors found problems (exit 1).");
  else if (code !== 0)
    console.log(
      `::error title=mcp-errors::${commandData(`mcp-errors exited with ${code}: a usage or internal error (see the log above), not findings.`)}`,
    );
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
