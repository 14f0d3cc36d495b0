// bench:tracing's entry for the processes with this change: tracing registered first, as main.ts
// does (on or off by the OTEL_* variables the bench passes).
import 'reflect-metadata';
import '../../src/adapters/tracing/register';
import { serveSalesForBench } from './tracing-bench-app';

void serveSalesForBench();
