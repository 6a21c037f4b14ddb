// Original file: proto/chaindata/metrics/v1/metrics.proto


export interface ICMRollingWindowMetricsValue {
  'lastHour'?: (number | string);
  'lastDay'?: (number | string);
  'lastWeek'?: (number | string);
  'lastMonth'?: (number | string);
  'last90Days'?: (number | string);
  'lastYear'?: (number | string);
  'allTime'?: (number | string);
  'srcBlockchainId'?: (string);
  'destBlockchainId'?: (string);
  '_lastHour'?: "lastHour";
  '_lastDay'?: "lastDay";
  '_lastWeek'?: "lastWeek";
  '_lastMonth'?: "lastMonth";
  '_last90Days'?: "last90Days";
  '_lastYear'?: "lastYear";
  '_allTime'?: "allTime";
}

export interface ICMRollingWindowMetricsValue__Output {
  'lastHour'?: (number);
  'lastDay'?: (number);
  'lastWeek'?: (number);
  'lastMonth'?: (number);
  'last90Days'?: (number);
  'lastYear'?: (number);
  'allTime'?: (number);
  'srcBlockchainId': (string);
  'destBlockchainId': (string);
  '_lastHour'?: "lastHour";
  '_lastDay'?: "lastDay";
  '_lastWeek'?: "lastWeek";
  '_lastMonth'?: "lastMonth";
  '_last90Days'?: "last90Days";
  '_lastYear'?: "lastYear";
  '_allTime'?: "allTime";
}
