#!/usr/bin/env node
/**
 * The CDK app (cdk.json runs it with tsx). Everything is in infra/stack/; see README "Deploy to AWS".
 */
import { createApp } from '../infra/stack/app.js';

const { app } = createApp();
app.synth();
