/**
 * React and React Router choose their development or production builds from NODE_ENV
 * when first loaded; the development builds render several times slower. This module is
 * the server's first import, so the production builds load unless NODE_ENV says otherwise.
 * Nothing of ours branches on NODE_ENV.
 */
process.env.NODE_ENV ??= 'production';
