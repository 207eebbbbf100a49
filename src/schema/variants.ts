/** Moved to shared/variants.ts (the webview and the protocol use it too); kept for importers not yet updated. */
export * from '../shared/variants';
