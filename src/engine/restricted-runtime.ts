/**
 * Restricted Mode as the engine sees it: a reason, no vscode (CodegenSettings.restricted). A row
 * that runs a code generator and its code, or a codec module (the user's own code), is skipped
 * with it before any worker starts, as a row a runtime cannot run is (MeasuringRuntime.unsupported).
 */
import { findBuiltinCodec } from '../codecs/registry';
import { findToolSpec } from '../codegen/tool-registry';
import type { CodecSource } from '../shared/codec-job';
import type { MeasuringRuntime } from './measuring-runtime';

export function restrictedRuntime(runtime: MeasuringRuntime, reason: string | undefined): MeasuringRuntime {
  if (reason === undefined) return runtime;
  return { ...runtime, unsupported: (source) => runtime.unsupported(source) ?? restrictedRow(source, reason) };
}

function restrictedRow(source: CodecSource, reason: string): string | undefined {
  if (!('builtin' in source)) return `${reason} (this row is a codec module: code of its own)`;
  const tools = findBuiltinCodec(source.builtin)?.tools ?? [];
  if (tools.length === 0) return undefined;
  return `${reason} (this row runs ${tools.map((id) => findToolSpec(id)?.executable ?? id).join(' and ')}, then the code generated)`;
}
