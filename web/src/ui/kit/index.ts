/** The component kit (see primitives.tsx); its styles come with it. */
import './kit.css';

export * from './primitives.js';
export * from './Button.js';
export * from './fields.js';
export * from './Tabs.js';
