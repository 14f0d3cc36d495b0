// bench:tracing's "before this change": the same process without the tracing registration, so no
// module of OpenTelemetry and nothing of tracing.ts's start-up runs (the handle stays the no-op one).
import 'reflect-metadata';
import { serveSalesForBench } from './tracing-bench-app';

void serveSalesForBench();
