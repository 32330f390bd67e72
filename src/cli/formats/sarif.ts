/**
 * The SARIF 2.1.0 report, for GitHub code scanning and other SARIF viewers: one run, every rule
 * (described by its page's reason), one result per finding, parse errors as tool notifications and the tool
 * inventory in the run's property bag.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { rulesForConfig } from "../../configs.js";
import { rules } from "../../rules/index.js";
import type { AnalyzeResult, Finding } from "../analyzer.js";
import { relativePath } from "../discover.js";
import { RULE_PREFIX } from "../engine.js";
import { ruleReason } from "./rule-docs.js";
import { safeJson } from "./safe-text.js";
import { PACKAGE_VERSION, REPO_URL } from "../../util/package.js";

const SRCROOT = "%SRCROOT%";
/** The `partialFingerprints` key; bump the version when the hashed input changes. */
const FINGERPRINT = "mcpErrorsLineHash/v1";

type Level = "error" | "warning";

interface SarifLocation {
  physicalLocation: {
    artifactLocation: { uri: string; uriBaseId?: string };
    region: { startLine: number; startColumn: number; endLine?: number; endColumn?: number };
  };
}

/** A path segment as a URI segment: percent-encoded, but keeping the characters a path may hold as they are. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(?:24|26|2B|2C|3B|3D|40)/gu, decodeURIComponent);
}

/**
 * Files under `cwd` get a relative URI against `%SRCROOT%` (what code scanning maps onto the
 * checkout); a file outside it (a target `../lib`) gets its absolute `file:` URI.
 */
function artifactLocation(cwd: string, file: string): SarifLocation["physicalLocation"]["artifactLocation"] {
  if (file === ".." || file.startsWith("../") || path.isAbsolute(file)) return { uri: pathToFileURL(path.resolve(cwd, file)).href };
  return { uri: file.split("/").map(encodeSegment).join("/"), uriBaseId: SRCROOT };
}

function location(cwd: string, finding: Finding): SarifLocation {
  return {
    physicalLocation: {
      artifactLocation: artifactLocation(cwd, finding.file),
      region: {
        startLine: finding.line,
        startColumn: finding.column,
        ...(finding.endLine === undefined ? {} : { endLine: finding.endLine }),
        ...(finding.endColumn === undefined ? {} : { endColumn: finding.endColumn }),
      },
    },
  };
}

/** The text of each linted file, as the findings' lines refer to it (the fixed output under `--fix`). */
function sourceLines(result: AnalyzeResult): (file: string, line: number) => string {
  const texts = new Map<string, string>();
  for (const entry of result.results) {
    const text = entry.output ?? entry.source;
    if (text !== undefined) texts.set(relativePath(result.cwd, entry.filePath), text);
  }
  const lines = new Map<string, readonly string[]>();
  return (file, line) => {
    let fileLines = lines.get(file);
    if (!fileLines) {
      let text = texts.get(file);
      if (text === undefined) {
        try {
          text = readFileSync(path.resolve(result.cwd, file), "utf8");
        } catch {
          text = "";
        }
      }
      fileLines = text.split(/\r\n|[\n\r\u2028\u2029]/u);
      lines.set(file, fileLines);
    }
    return fileLines[line - 1] ?? "";
  };
}

/**
 * A fingerprint that survives edits elsewhere in the file: the rule, the file and the text of the
 * finding's line with its whitespace normalised (so re-indenting keeps it), plus the occurrence
 * number among findings with the same hash (two identical lines in one file stay apart).
 */
function fingerprints(result: AnalyzeResult): (finding: Finding & { ruleId: string }) => string {
  const lineText = sourceLines(result);
  const seen = new Map<string, number>();
  return (finding) => {
    const text = lineText(finding.file, finding.line).trim().replace(/\s+/gu, " ");
    const hash = createHash("sha256").update(`${finding.ruleId}\0${finding.file}\0${text}`).digest("hex").slice(0, 32);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return `${hash}:${String(occurrence)}`;
  };
}

/**
 * A rule descriptor from the rule's own `meta` and the reason its page gives; its level is the
 * one the rule ran at, and a rule the run's preset leaves off is `enabled: false`.
 */
function ruleDescriptor(id: string, configuration: { level: Level; enabled: boolean }): Record<string, unknown> {
  const name = id.slice(RULE_PREFIX.length);
  const rule = rules[name];
  const defaultConfiguration = configuration.enabled ? { level: configuration.level } : configuration;
  if (!rule) return { id, defaultConfiguration };
  const { docs, type } = rule.meta;
  const description = docs?.description ?? id;
  const url = docs?.url;
  const reason = ruleReason(name);
  return {
    id,
    name,
    shortDescription: { text: description },
    ...(reason ? { fullDescription: { text: reason.text } } : {}),
    ...(url === undefined
      ? {}
      : {
          helpUri: url,
          help: {
            text: `${reason?.text ?? `${description}.`} See ${url}`,
            markdown: `${reason?.markdown ?? `${description}.`}\n\nSee [the rule's documentation](${url}).`,
          },
        }),
    defaultConfiguration,
    properties: { tags: ["mcp", "error-handling", type, ...(docs?.requiresTypeChecking === true ? ["type-aware"] : [])] },
  };
}

/** SARIF 2.1.0 log of the findings. */
export function formatSarif(result: AnalyzeResult): string {
  // Every rule, so that a viewer can describe any of them: at the level of its findings, else
  // as the run's preset sets it (`--rule` overrides show in the findings' levels).
  const levels = new Map<string, Level>();
  for (const finding of result.findings) if (finding.ruleId !== null && !levels.has(finding.ruleId)) levels.set(finding.ruleId, finding.severity);
  const preset = rulesForConfig(rules, `${result.config}${result.mode.typed ? "-type-checked" : ""}`);
  const ruleIds = [...new Set([...Object.keys(rules).map((id) => `${RULE_PREFIX}${id}`), ...levels.keys()])].sort();
  const fingerprint = fingerprints(result);

  const results: unknown[] = [];
  const notifications: unknown[] = [];
  for (const finding of result.findings) {
    const { ruleId } = finding;
    if (ruleId === null) {
      // A parse error: the file was not analysed, which is about the run, not the code's rules.
      notifications.push({ level: "error", message: { text: finding.message }, locations: [location(result.cwd, finding)] });
      continue;
    }
    results.push({
      ruleId,
      ruleIndex: ruleIds.indexOf(ruleId),
      level: finding.severity,
      message: { text: finding.message },
      locations: [location(result.cwd, finding)],
      partialFingerprints: { [FINGERPRINT]: fingerprint({ ...finding, ruleId }) },
      properties: { tools: finding.tools },
    });
  }

  const root = pathToFileURL(result.cwd).href;
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "mcp-errors",
            version: PACKAGE_VERSION,
            semanticVersion: PACKAGE_VERSION,
            informationUri: REPO_URL,
            rules: ruleIds.map((id) => ruleDescriptor(id, { level: levels.get(id) ?? "error", enabled: levels.has(id) || id in preset })),
          },
        },
        invocations: [
          {
            // The run completed; a file that did not parse is reported as an error notification.
            executionSuccessful: true,
            toolExecutionNotifications: notifications,
          },
        ],
        originalUriBaseIds: { [SRCROOT]: { uri: root.endsWith("/") ? root : `${root}/` } },
        // ESLint counts columns in UTF-16 code units; SARIF's default is code points.
        columnKind: "utf16CodeUnits",
        results,
        properties: { config: result.config, analysis: result.mode, tools: result.tools },
      },
    ],
  };
  return `${safeJson(JSON.stringify(log, null, 2))}\n`;
}
