import { checkpointKey } from '../../platform/views/checkpoints.js';

/**
 * The insights projection's view keys, apart from the projection so readers bundle no fold. A
 * project's timeline is the projection's state, kept on its checkpoint with the index keys below.
 */
export const timelineKey = (projectId: string) => checkpointKey('insights', `project-${projectId}`);
/**
 * Open projects, and delivered ones by the month of their last delivery: a date range reads only what can count in it.
 */
export const INSIGHTS_OPEN = 'insights#open';
export const insightsMonthPartition = (month: string) => `insights#delivered#${month}`;
/** Delivered projects of one category and type, by first delivery: the checklist step's "similar projects". */
export const similarPartition = (category: string, type: string) => `insights#similar#${category}#${type}`;
