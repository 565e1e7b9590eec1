import { catalogue } from './catalogue.js';
import { consumerChain } from '../platform/lambda/consumer-chain.js';

/** The EventBridge consumers' chain, with the app's event catalogue to validate and upcast what they receive. */
export const consumer = /* @__PURE__ */ consumerChain(catalogue);
