#!/usr/bin/env node
'use strict';
// The installed CLI runs the compiled entry point (npm start / npm run cli build it first).
require('../dist/main.js');
