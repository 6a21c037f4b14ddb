{{/*
Expand the name of the chart.
*/}}
{{- define "chain-data-stack.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
A default fully qualified app name, truncated at 63 characters because some Kubernetes name fields are limited to
that (by the DNS naming spec). If the release name contains the chart name it is used as the full name.
*/}}
{{- define "chain-data-stack.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Chart name and version as used by the chart label.
*/}}
{{- define "chain-data-stack.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Common labels.
*/}}
{{- define "chain-data-stack.labels" -}}
helm.sh/chart: {{ include "chain-data-stack.chart" . }}
{{ include "chain-data-stack.selectorLabels" . }}
{{- if .Chart.AppVersion }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: chain-data-stack
{{- end }}

{{/*
Labels of what the release creates besides the operator (the sample stack, the test Pod): without the operator's
selector labels, so neither its Service nor its PodDisruptionBudget selects them.
*/}}
{{- define "chain-data-stack.releaseLabels" -}}
helm.sh/chart: {{ include "chain-data-stack.chart" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: chain-data-stack
{{- end }}

{{/*
Selector labels: these must never change for a release, a Deployment's selector is immutable.
*/}}
{{- define "chain-data-stack.selectorLabels" -}}
app.kubernetes.io/name: {{ include "chain-data-stack.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: operator
{{- end }}

{{/*
The name of the service account to use.
*/}}
{{- define "chain-data-stack.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "chain-data-stack.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The metrics Service's name: a Service name is a DNS label, at most 63 characters with the suffix.
*/}}
{{- define "chain-data-stack.metricsServiceName" -}}
{{- printf "%s-metrics" (include "chain-data-stack.fullname" . | trunc 55 | trimSuffix "-") }}
{{- end }}

{{/*
The operator's image; children of a stack run it too unless the stack names another image.
*/}}
{{- define "chain-data-stack.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) }}
{{- end }}
