/**
 * The one zod every schema of this repository is written with: `zod/mini`, zod 4's tree-shakable
 * functional API (same core as `zod`, so the same parsing, types and issues), which lets a Lambda
 * bundle carry only the schema kinds and checks it uses. zod/mini leaves the message locale out;
 * the API's error messages are the English ones classic zod uses by default, so they are set here.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
