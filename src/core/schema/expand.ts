// Raw-level expansion of one schema node before it is sanitized: follows its `$ref` chain (siblings merged
// over the target) and folds `allOf` into one object (properties and required united). Children stay raw.
import type { Ctx } from "./context.js";
import { tick } from "./context.js";
import type { RawObject } from "./json.js";
import { isObject, omit, own, setOwn } from "./json.js";
import { resolveRef } from "./refs.js";

export interface Expanded {
  node: RawObject;
  /** `$ref` targets entered: they stay on the cycle stack while the node's children are sanitized. */
  chain: object[];
  /** Description notes for what was cut ("(recursive reference to Node cut)"). */
  cuts: string[];
  /** The node accepts no value (`false` reached through a ref or inside `allOf`). */
  never: boolean;
}

/** Later keys win, except `properties` (united, later wins per key) and `required` (concatenated). */
export function mergeRaw(a: RawObject, b: RawObject): RawObject {
  const out = omit(a, []);
  for (const k of Object.keys(b)) {
    const bv = b[k];
    if (k === "properties" && isObject(out.properties) && isObject(bv))
      out.properties = { ...out.properties, ...bv };
    else if (k === "required" && Array.isArray(out.required) && Array.isArray(bv))
      out.required = [...out.required, ...bv];
    else setOwn(out, k, bv);
  }
  return out;
}

export function expandRaw(raw: RawObject, ctx: Ctx, hops = 0, chain: object[] = []): Expanded {
  const cuts: string[] = [];
  const done = (node: RawObject, never = false): Expanded => ({ node, chain, cuts, never });
  if (hops > ctx.maxDepth) {
    cuts.push("(schema too deep, cut)");
    return done(omit(raw, ["$ref", "allOf"]));
  }
  let node = raw;
  let ref = own(node, "$ref");
  while (typeof ref === "string") {
    const siblings = omit(node, ["$ref"]);
    if (++hops > ctx.maxDepth) {
      cuts.push("(reference chain too deep, cut)");
      return done(omit(siblings, ["allOf"]));
    }
    const r = resolveRef(ref, ctx.root);
    if (!r.found || !(isObject(r.target) || typeof r.target === "boolean")) {
      cuts.push(r.found ? `(reference ${r.name} is not a schema, cut)` : `(${r.reason}, cut)`);
      return done(omit(siblings, ["allOf"]));
    }
    if (r.target === false) return done(siblings, true);
    if (r.target !== true) {
      if (ctx.stack.has(r.target) || chain.includes(r.target)) {
        cuts.push(`(recursive reference to ${r.name} cut)`);
        return done(omit(siblings, ["allOf"]));
      }
      chain.push(r.target);
    }
    node = r.target === true ? siblings : mergeRaw(r.target, siblings);
    ref = own(node, "$ref");
  }
  const allOf = own(node, "allOf");
  if (!Array.isArray(allOf)) return done(node);
  let acc: RawObject = {};
  const refChain = [...chain];
  for (const item of allOf as unknown[]) {
    if (!tick(ctx)) break;
    if (item === false) return done(node, true);
    if (!isObject(item)) continue;
    if (ctx.stack.has(item) || refChain.includes(item)) {
      cuts.push("(cyclic object cut)");
      continue;
    }
    // Each variant checks cycles against this node's own path, not against its sibling variants.
    const e = expandRaw(item, ctx, hops + 1, [...refChain]);
    for (const t of [item, ...e.chain]) if (!chain.includes(t)) chain.push(t);
    cuts.push(...e.cuts);
    if (e.never) return done(node, true);
    acc = mergeRaw(acc, e.node);
  }
  return done(mergeRaw(acc, omit(node, ["allOf"])));
}
