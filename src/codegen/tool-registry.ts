/**
 * Every external tool a codec row may need, by id (`CodecDescriptor.tools`), for
 * `payload-lab codecs` and the settings. Each family of formats adds its list here.
 */
import { PROTOBUF_TOOLS } from './protobuf-tools';
import { ZERO_COPY_TOOLS } from './zero-copy-tools';
import type { ToolSpec } from './tool-spec';

export const TOOL_SPECS: readonly ToolSpec[] = [...PROTOBUF_TOOLS, ...ZERO_COPY_TOOLS];

export function findToolSpec(id: string): ToolSpec | undefined {
  return TOOL_SPECS.find((spec) => spec.id === id);
}
