export * from './runner.ts';
export * from './read-models/unit-of-work.ts';
export * from './read-models/read-model-target.ts';
export * from './read-models/api-read-model.ts';
export * from './analytics/clicks-target.ts';
export * from './clicks/user-agent.ts';
export * from './position-tracker.ts';
