import { projectPath } from '../../project-paths';

/** Written by build-places.ts, read by the geocoder; a project path, so it is found from the server bundle too. */
export const PLACES_FILE = projectPath('server/domain/geocode/places.tsv');
