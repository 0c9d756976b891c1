module localitylab

go 1.26
