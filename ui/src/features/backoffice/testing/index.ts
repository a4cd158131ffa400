/** The kit's test helpers, under one short path. */
export * from './mock-backoffice';
