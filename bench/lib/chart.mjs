// A hand-written SVG line chart: start-up time (median, with min–max whiskers) against the number of servers,
// one line per client. No plotting library.
import { LABELS } from "./report.mjs";

const SERIES = [
  ["ours-cold", "#d62728", ""],
  ["ours-warm", "#ff7f0e", "6 4"],
  ["sdk", "#1f77b4", ""],
  ["langchain", "#2ca02c", ""],
  ["aisdk", "#9467bd", "2 3"],
];
const W = 760;
const H = 440;
const M = { left: 64, right: 24, top: 48, bottom: 56 };

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const plain = (s) => s.replace(/[*`]/g, "");

function niceMax(v) {
  const step = 10 ** Math.floor(Math.log10(v));
  for (const k of [1, 2, 2.5, 5, 10]) if (k * step >= v) return k * step;
  return 10 * step;
}

/** `startup` is summary.startup: { [n]: { [client]: { startupMs: {median,min,max} } } }. */
export function startupChart(startup, meta) {
  const ns = Object.keys(startup)
    .map(Number)
    .sort((a, b) => a - b);
  const xMax = Math.max(...ns);
  const values = ns.flatMap((n) => Object.values(startup[n]).map((c) => c.startupMs?.max ?? 0));
  const yMax = niceMax(Math.max(...values, 1) / 1000);
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (n) => M.left + (n / xMax) * pw;
  const y = (ms) => M.top + ph - (ms / 1000 / yMax) * ph;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<title>Start-up time until all tools are usable vs number of stdio servers</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="22" font-size="15" font-weight="bold">Start-up until every tool is usable, by number of stdio servers</text>`,
    `<text x="${M.left}" y="38" fill="#555">median, whiskers min–max; ${esc(`${meta.nproc} CPUs, Node ${meta.node}, ${meta.date.slice(0, 10)}`)}</text>`,
  );
  const yTicks = 5;
  for (let i = 0; i <= yTicks; i++) {
    const v = (yMax / yTicks) * i;
    const py = +(M.top + ph - (i / yTicks) * ph).toFixed(1);
    out.push(
      `<line x1="${M.left}" y1="${py}" x2="${M.left + pw}" y2="${py}" stroke="#e5e5e5"/>`,
      `<text x="${M.left - 8}" y="${py + 4}" text-anchor="end">${+v.toFixed(2)} s</text>`,
    );
  }
  for (const n of [...new Set([1, 5, 10, 15, 20, ...ns])].filter((n) => n <= xMax).sort((a, b) => a - b)) {
    out.push(
      `<line x1="${x(n)}" y1="${M.top + ph}" x2="${x(n)}" y2="${M.top + ph + 5}" stroke="#333"/>`,
      `<text x="${x(n)}" y="${M.top + ph + 18}" text-anchor="middle">${n}</text>`,
    );
  }
  out.push(
    `<line x1="${M.left}" y1="${M.top + ph}" x2="${M.left + pw}" y2="${M.top + ph}" stroke="#333"/>`,
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${M.top + ph}" stroke="#333"/>`,
    `<text x="${M.left + pw / 2}" y="${H - 14}" text-anchor="middle">number of stdio servers (52 tools each)</text>`,
  );
  const legend = [];
  for (const [client, color, dash] of SERIES) {
    const pts = ns
      .filter((n) => startup[n][client]?.startupMs !== undefined)
      .map((n) => [n, startup[n][client].startupMs]);
    if (pts.length === 0) continue;
    const d = pts
      .map(([n, s], i) => `${i === 0 ? "M" : "L"}${x(n).toFixed(1)},${y(s.median).toFixed(1)}`)
      .join(" ");
    out.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`,
    );
    for (const [n, s] of pts) {
      const px = x(n).toFixed(1);
      out.push(
        `<line x1="${px}" y1="${y(s.min).toFixed(1)}" x2="${px}" y2="${y(s.max).toFixed(1)}" stroke="${color}" stroke-width="1.5"/>`,
        `<circle cx="${px}" cy="${y(s.median).toFixed(1)}" r="3.5" fill="${color}"/>`,
      );
    }
    legend.push([plain(LABELS[client]), color, dash]);
  }
  out.push(
    `<rect x="${M.left + 6}" y="${M.top}" width="300" height="${legend.length * 18 + 6}" fill="#fff" fill-opacity="0.85" stroke="#ddd"/>`,
  );
  legend.forEach(([label, color, dash], i) => {
    const ly = M.top + 10 + i * 18;
    out.push(
      `<line x1="${M.left + 14}" y1="${ly}" x2="${M.left + 40}" y2="${ly}" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`,
      `<text x="${M.left + 46}" y="${ly + 4}">${esc(label)}</text>`,
    );
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
