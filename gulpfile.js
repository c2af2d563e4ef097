const path = require('path');
const { finished } = require('stream/promises');
const { task, src, dest } = require('gulp');

// Copies node and credential icons next to the compiled files in dist/ and finishes only when
// both copies are written (npm pack runs right after the build).
function copyIcons() {
	const copy = (folder) =>
		finished(
			src(path.resolve(folder, '**', '*.{png,svg}'), { encoding: false }).pipe(
				dest(path.resolve('dist', folder)),
			),
		);
	return Promise.all([copy('nodes'), copy('credentials')]);
}

task('build:icons', copyIcons);
