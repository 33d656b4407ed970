export * from './questionTypes';
export * from './answerValidation';
export * from './processState';
export * from './personStatus';
export * from './text';
export * from './spreadsheetCells';
export * from './ids';
export * from './filterText';
