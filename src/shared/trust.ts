/**
 * Why a row is skipped in VS Code's Restricted Mode (an untrusted workspace): the fix first. The
 * host hands it to the engine (CodegenSettings.restricted); the rows and notifications say it.
 */
export const TRUST_NEEDED = 'trust this workspace to run code generators: in Restricted Mode Payload Lab runs no code generator and no code one writes';
