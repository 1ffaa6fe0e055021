/**
 * A section's frame in generated code: what `FrameSlot.enter` and `leave` do, written out in
 * place (the calls cost more than the few stores they make).
 */

/**
 * `FrameSlot.enter` written out: the frame holding `v` made current (the slot's own, or a new
 * one when the instruction is re-entered), the outer frame kept in `o<v>`, the frame in `f<v>`.
 */
export function enterCode(slot: string, v: string): string {
  return `const o${v} = rt.frame; let f${v};
if (${slot}.busy) f${v} = new Frame(${v}, o${v});
else { ${slot}.busy = true; f${v} = ${slot}.frame; f${v}.node = ${v}; f${v}.parent = o${v}; }
rt.frame = f${v};\n`;
}

/**
 * `FrameSlot.leave` written out: the outer frame current again, the slot's frame emptied (a
 * slot's frame never gets an index or a stop, only variables and macros) and released.
 */
export function leaveCode(slot: string, v: string): string {
  return `rt.frame = o${v};
if (f${v} === ${slot}.frame) {
f${v}.node = undefined; f${v}.parent = undefined;
if (f${v}.vars !== undefined) f${v}.vars = undefined;
if (f${v}.macros !== undefined) f${v}.macros = undefined;
${slot}.busy = false; }\n`;
}
