/** The node flags of the production server (production-node-flags.mjs). */
export declare const productionNodeFlags: readonly string[];
