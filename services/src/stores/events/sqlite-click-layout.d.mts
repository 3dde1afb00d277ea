import type Database from 'better-sqlite3';

export const CLICK_TYPE: 'Clicked';
export const CLICK_LAYOUT_SCHEMA: string;
export function hasClickIndex(db: Database.Database): boolean;
export function createClickIndexer(db: Database.Database): (maxTransactions?: number) => number;
export function cutClickIndexAt(db: Database.Database, position: number): void;
